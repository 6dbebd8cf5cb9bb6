/** qrcode-terminal 0.12 ships no types; this is the one function the WhatsApp client uses. */
declare module 'qrcode-terminal' {
  const qrcode: {
    /** Draws `text` as a QR code for a terminal and passes the drawing to `callback` (synchronously). */
    generate(text: string, options: { small?: boolean }, callback: (drawing: string) => void): void;
  };
  export = qrcode;
}
