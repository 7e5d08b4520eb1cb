/// <reference types="vite/client" />

declare module 'virtual:boot-messages' {
  const messages: Record<string, Record<'drive.loadFailed' | 'drive.reload', string>>;
  export default messages;
}
