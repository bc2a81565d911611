// The status of an operation node (docs/behaviour.md sections 4 and 9): blue while requests are under
// way (set when the first starts, not per message: cheap under load), green when the last ends,
// yellow once after a setting won over a payload value, red with a short text and the code for
// every failure. Texts are catalog keys (status.ts).

import type { Node } from 'node-red';
import type { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { ParamName, SpecSection } from '../../client/operations/operations';
import { errorStatusText, ignoredStatusKey, statusKey } from '../i18n/status-keys';

type Shown = { fill: 'red' | 'green' | 'yellow' | 'blue'; shape: 'dot' | 'ring'; text: string };

export class NodeStatus {
  /** Requests under way. */
  private inflight = 0;
  /** The colour shown last (a timed stop's "stopped" never replaces a failure or a warning). */
  private lastFill: Shown['fill'] | undefined;
  /** Status of the last ignored-parameter warning, shown by the next success instead of "OK". */
  private ignored: string | undefined;
  private readonly okText = statusKey('ok');
  private readonly requestingText = statusKey('requesting');

  /** `canRefresh`: whether the config node can fetch a new token (its 10002 text differs). */
  constructor(
    private readonly node: Node,
    private readonly t: Translate,
    private readonly section: SpecSection,
    private readonly canRefresh: () => boolean,
  ) {}

  noConfig(): void {
    this.show({ fill: 'red', shape: 'ring', text: statusKey('noConfig') });
  }

  /** A request starts. */
  requesting(): void {
    if (this.inflight++ === 0) this.show({ fill: 'blue', shape: 'dot', text: this.requestingText });
  }

  /** A request ended (answered or not). */
  answered(): void {
    this.inflight--;
  }

  /** A message went to output 1 (`text`: a full catalog key instead of "OK": `armed`). */
  ok(text?: string): void {
    if (this.ignored) {
      this.show({ fill: 'yellow', shape: 'dot', text: this.ignored });
      this.ignored = undefined;
    } else if (this.inflight === 0) this.show({ fill: 'green', shape: 'dot', text: text ?? this.okText });
  }

  /** A node setting won over msg.payload.<param>: the next success says so. */
  ignoredParam(param: ParamName): void {
    this.ignored = ignoredStatusKey(param);
  }

  error(error: EzvizError): void {
    this.show({ fill: 'red', shape: 'ring', text: errorStatusText(error, this.section, this.canRefresh()) });
  }

  /**
   * A timed move's stop went out: "stopped", unless something newer is under way or says more
   * (the stop of "up for 2 s" once replaced a later "offline (20007)" of another camera).
   */
  stopped(): void {
    if (this.inflight === 0 && this.lastFill !== 'red' && this.lastFill !== 'yellow') {
      this.show({ fill: 'green', shape: 'dot', text: statusKey('stopped') });
    }
  }

  private show(status: Shown): void {
    this.lastFill = status.fill;
    this.node.status(status);
  }
}
