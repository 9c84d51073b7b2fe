/*
 * The trigger of 「プッシュ通知を受け取りますか？」 (docs/decisions/push-web-push.md): a meaningful
 * action (a report sent) raises it, the signed-in layout loads and shows the prompt, which decides
 * whether it may ask (lib/web-push.ts). No import here: the pages that raise it stay light.
 */
let asked = false;
const listeners = new Set<() => void>();

export const subscribePushPrompt = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const pushPromptRequested = () => asked;

function set(value: boolean) {
  asked = value;
  for (const listener of listeners) listener();
}
export const askForPush = () => set(true);
export const closePushPrompt = () => set(false);
