// The config node's own faceId -> name list (docs/behaviour.md section 27): one face per line,
// `FACEID NAME` (a space, `=` or `:` after the id; the name is the rest of the line, spaces kept);
// empty lines and lines starting with `#` are skipped. A camera sends a face's id, never its name:
// this list is where the name comes from, and a face it does not list has none. Pure (the editor
// validates with it too).

/** Lines read at most, and the longest id and name. */
export const FACE_LINES_MAX = 1000;
const ID_MAX = 128;
const NAME_MAX = 100;

export interface FaceNames {
  names: ReadonlyMap<string, string>;
  /** 1-based numbers of lines that are not `FACEID NAME`. */
  malformed: number[];
}

/** The setting's text -> the list (the last line of an id wins). */
export function parseFaceNames(text: unknown): FaceNames {
  const names = new Map<string, string>();
  const malformed: number[] = [];
  if (typeof text !== 'string') return { names, malformed };
  const lines = text.split(/\r?\n/).slice(0, FACE_LINES_MAX);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^([^\s=:]+)\s*[\s=:]\s*(.+)$/.exec(line);
    const name = m ? m[2].trim() : '';
    if (!m || m[1].length > ID_MAX || !name || name.length > NAME_MAX || /[\x00-\x1f]/.test(name)) {
      malformed.push(i + 1);
      return;
    }
    names.set(m[1], name);
  });
  return { names, malformed };
}
