import { useEffect, useRef, useState } from 'react';

/** How often a frame is read (ms): quick enough for a QR held up at the gate, light on the tablet. */
const FRAME_MS = 250;
/** The same code is read again only after it has been out of view this long (a QR held still is one scan). */
const AWAY_MS = 1500;
/** jsQR reads a frame scaled to this width (a 1280 px frame costs four times as much for nothing). */
const DECODE_WIDTH = 640;

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

/** The browser's BarcodeDetector when it reads QR codes (Chrome on Android, Safari); null elsewhere (Chromium on Linux). */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (
    window as unknown as {
      BarcodeDetector?: { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };
    }
  ).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** jsQR over a canvas copy of the frame, loaded only where there is no native detector. */
async function jsqrDetector(): Promise<Detector> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    async detect(source) {
      const video = source as HTMLVideoElement;
      if (!video.videoWidth) return [];
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      return code ? [{ rawValue: code.data }] : [];
    },
  };
}

export type CameraState = 'starting' | 'on' | 'off' | 'unavailable';

/**
 * The tablet's camera (the rear one where there are two) on `videoRef`, read every 250 ms; `onCode`
 * gets each QR's text once per appearance. Stops the camera when turned off or when the screen goes.
 */
export function useQrScanner(onCode: (text: string) => void, enabled: boolean) {
  // A callback ref: the camera starts once the video element is on the screen (not while loading).
  const [video, videoRef] = useState<HTMLVideoElement | null>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!enabled) {
      setCamera('off');
      return;
    }
    if (!video) return;
    setCamera('starting');
    let live = true;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Map<string, number>();

    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
        if (!live) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        const detector = (await nativeDetector()) ?? (await jsqrDetector());
        if (!live) return;
        setCamera('on');
        const tick = async () => {
          if (!live) return;
          try {
            if (video.readyState >= 2) {
              const now = Date.now();
              for (const { rawValue } of await detector.detect(video)) {
                const last = seen.get(rawValue);
                seen.set(rawValue, now);
                if (last === undefined || now - last > AWAY_MS) onCodeRef.current(rawValue);
              }
            }
          } catch {
            // A frame that cannot be read: the next one.
          }
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch {
        if (live) setCamera('unavailable');
      }
    })();

    return () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    };
  }, [enabled, video]);

  return { videoRef, camera };
}
