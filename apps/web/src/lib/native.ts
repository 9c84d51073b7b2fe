/**
 * The bridge to a native wrapper app (A §1): a WebView that injects `ReactNativeWebView`.
 * In a plain browser every call is a no-op.
 */
type NativeMessage = { type: 'requestPushToken' } | { type: 'deletePushToken' };

interface NativeWindow {
  ReactNativeWebView?: { postMessage: (message: string) => void };
}

function post(message: NativeMessage): boolean {
  const bridge = (window as unknown as NativeWindow).ReactNativeWebView;
  if (!bridge) return false;
  bridge.postMessage(JSON.stringify(message));
  return true;
}

export const native = {
  isWrapped: () => !!(window as unknown as NativeWindow).ReactNativeWebView,
  requestPushToken: () => post({ type: 'requestPushToken' }),
  deletePushToken: () => post({ type: 'deletePushToken' }),
};

/** Navigation state that asks the wrapper for a push token after arriving (A §2 Shell, §4). */
export const RUN_NATIVE_STATE = { runNative: true } as const;
