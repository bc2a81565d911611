// The simulator's one picture (pictures.ts serves it, plain or encrypted): a real baseline JPEG
// (160x90, a sky, a sun and the words EZVIZ SIM), generated once and kept here as base64 so that
// the package ships it inside dist/simulator.

const BASE64 = [
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdB',
  'RkxOUlNSMj5aYVpQYEpRUk8BDg4OExETJhUVJk81LTVPT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P',
  'T09PT09PT09PT//AABEIAFoAoAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMF',
  'BQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElK',
  'U1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV',
  '1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncA',
  'AQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZ',
  'WmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri',
  '4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AM/Fe/c8cMUXAMUXAMUXAMUXAMUXAMUXAMUXAMUXAMUXAMUXAMUXAMUX',
  'AMUXAMUXAMUXAMUXAMUXAMUXAMUXAkxWVxmt4VH/ABUVr/wP/wBAascQ/wB2zah/ERr+INW1a1862ntrdLe48yONurMnTPDc',
  'HBHasKNKnK0k9Ua1qlSN01oypoWrat5Cafp1tby+Upb5+DjdzzuA6mrrU6d+ebJpVKluWKLwvbbUPGljNaSeYiwspO0jnDnv',
  '9az5ZQoSUv62L51Osmv63GWI/wCRp/4H/wC1Kc3/AA/67Cj/AMvP67jvBupTyN/ZrLGIYYmdWAO4ncOvOP4j2pYqmvj6seGq',
  'N+4YsuvXcurQ6k0cPnQpsVQp2kc9ec/xHvXQqMVBw6MwdaTmpm9JrFydHuf7YSKD7Vbn7L5YJ8zKnOcE46r1x1rmVKPOuTWz',
  '1Oh1XyPn0utDjMV33OI1vCo/4qK1/wCB/wDoDVjiH+7ZtQ/iI6DV7jX/ACb2P7Db/Y9sg8zcN3l88/e649q5aUaN076/15HR',
  'UlVs1bQg8G6lPI39mssYhhiZ1YA7idw684/iPaqxVNfH1ZOGqN+4U9K1KfVPFdncXCRqyoyAICBjax7k+taVIKnRaRFObnVT',
  'Z0E+lRWllq8tuZXkvI3ZlODzhuBgf7VcvtruPNokdDpWUrbs5NfDl6VBLwqSOhY5H6VDzvDp2Sb+S/zM1l9VrdFK9064sXxM',
  'mV4w68qfxrtw2NpYlXg9e3Uwq0J0n7xVxXVcxDFFwDFFwJMVlcZp+HJI4NctpJpFjRd2WY4A+U96zrXcGkaUWlNNmlq9hb3P',
  '2i5bX4pdu+SOEuGx32j5voOlZU5uNlymtSCd3zD9Ois5dBtlj1GCwuwzF5VYLIRub5TyDjofwFKcpKburocFF01Z2ZnDydB1',
  'mCa3uI75UQsShCjJBGMjP1rW7qwaasZ6Uppp3Lc17DY211LFJHcNqyMzorgG3JB4PXP3z6dKhRcmk9OX8SnNRTa15vwJvC0V',
  'nZ4vptRgV5I2QwswUr83Xr7eneprylL3UiqCjH3mynaWVhZeIbaOS8trq2KFndtuwHDcHkjsPzrSU5SptpWZEYxjUSbuixqu',
  'nWsyTTDXYXWMO8NvuBCjqEX5uOgHAqadSSsuUqpCLu+Y5vFdFzmLWlx+ZqES/bPsec/v8428HvkdenXvUzl7u1yqavLex1Cm',
  'G00vUEl11L1pYWCBpQSDtPT5j1yPyrl1lKLUbHXpGMryuVfC0VnZ4vptRgV5I2QwswUr83Xr7eneqrylL3UiKCjH3mytp9va',
  '6X4ltdt/DNFsZmlBAVSVYYJyfb86ucpTpvQmEYwqLU1dFu2nu9YEly0kYk/dbpMgDL/d9unSuHHOEKNno2n+R04ZuVR9dSzX',
  'y56hU1SKOXTpxIobahZc9iBwa68DUlTxEHF2u0vk2YYiKlSlfscbivsrnghii4Bii4D8VncAxRcAxRcAxRcAxRcAxRcAxRcA',
  'xRcAxRcAxRcAxRcAxRcAxRcAxRcDS0a9WznZZcCKQfM3ORjOK87McK8RBOO6/U68JXVKTUtmdOrBlDKQQRkEd6+Yaadmeymm',
  'rozNZv44beS3Qq0rjaV/ugjr/n1r0suwkqlRVZaRWvq0ceLxChFwW7OZxX01zxwxRcAxRcCTFZXGGKLgGKLgGKLgGKLgGKLg',
  'GKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgGKLgSYrO4wxRcAxRcAxRcAxRcAxRcAxRcAxRcAxRcAxR',
  'cAxRcAxRcAxRcAxRcAxRcAxRcAxRcAxRcAxRcAxRcA82H/nqn/fQrD2ke47MPNh/56p/30KPaR7hZh5sP/PVP++hR7SPcLMP',
  'Nh/56p/30KPaR7hZh5sP/PVP++hR7SPcLMPNh/56p/30KPaR7hZh5sP/AD1T/voUe0j3CzDzYf8Anqn/AH0KPaR7hZh5sP8A',
  'z1T/AL6FHtI9wsw82H/nqn/fQo9pHuFmHmw/89U/76FHtI9wsw82H/nqn/fQo9pHuFmHmw/89U/76FHtI9wsw82H/nqn/fQo',
  '9pHuFmHmw/8APVP++hR7SPcLMPNh/wCeqf8AfQo9pHuFmHmw/wDPVP8AvoUe0j3CzDzYf+eqf99Cj2ke4WYebD/z1T/voUe0',
  'j3CzDzYf+eqf99Cj2ke4WZi5rhNrBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgL',
  'BmgLBmgLDc0yrBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLBmgLDM1RVgz',
  'QFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFhmaZVgzQFgzQFgzQFgzQFg',
  'zQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFgzQFhtMYUAFABQAUAFABQAUAFABQAUAFABQAUAFAB',
  'QAUAFABQAUAf/9k=',
].join('');

/** The JPEG bytes (a fresh copy each call). */
export function pictureBytes(): Buffer {
  return Buffer.from(BASE64, 'base64');
}

/** Width and height of the picture. */
export const PICTURE_SIZE = Object.freeze({ width: 160, height: 90 });
