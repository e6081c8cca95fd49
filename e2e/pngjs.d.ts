/** The part of pngjs (a dependency of qrcode, without published types) the QR tests read PNGs with. */
declare module 'pngjs' {
  export const PNG: {
    sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } };
  };
}
