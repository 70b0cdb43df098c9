/**
 * "Ler QR code" (issue 30; docs/decisions/0079-qr-reading-at-the-counter.md): where the browser
 * has a camera and BarcodeDetector, the button opens the camera, reads the pickup QR (it holds
 * the code alone, decision 0076), types it into the search and sends it. Without JavaScript, or
 * without either, the button is absent and the code is typed.
 */
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { gestorSecondaryButton } from "../gestor-ui.tsx";

interface DetectedCode {
  rawValue: string;
}
interface QrDetector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
type QrDetectorClass = new (options: { formats: string[] }) => QrDetector;

const detectorClass = () => (globalThis as unknown as { BarcodeDetector?: QrDetectorClass }).BarcodeDetector ?? null;

export function QrScanButton({ inputId }: { inputId: string }) {
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const Detector = detectorClass();
    if (!scanning || !Detector || !video.current) return;
    const element = video.current;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const detector = new Detector({ formats: ["qr_code"] });
    const read = async () => {
      if (stopped) return;
      const [found] = await detector.detect(element).catch(() => []);
      if (found?.rawValue) {
        const input = document.getElementById(inputId) as HTMLInputElement | null;
        if (input) {
          input.value = found.rawValue.trim();
          setScanning(false);
          input.form?.requestSubmit();
          return;
        }
      }
      frame = requestAnimationFrame(() => void read());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        element.srcObject = media;
        await element.play();
        void read();
      })
      .catch(() => {
        setProblem("Não foi possível abrir a câmera. Digite o código.");
        setScanning(false);
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, inputId]);

  // Known only in the browser: the server renders no button, so the page never promises a camera.
  if (!hydrated || detectorClass() === null || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={gestorSecondaryButton}
        onClick={() => {
          setProblem(null);
          setScanning((open) => !open);
        }}
      >
        {scanning ? "Fechar câmera" : "Ler QR code"}
      </button>
      {scanning ? (
        <video ref={video} muted playsInline className="max-w-xs rounded border" aria-label="Câmera lendo o QR code" />
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  );
}
