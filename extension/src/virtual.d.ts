declare module 'virtual:nubo-extension-messages' {
  /** Each locale's messages that the extension shows (see wxt.config.ts). */
  const messages: Record<string, Record<string, string>>;
  export default messages;
}
