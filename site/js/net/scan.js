// Reading a table code with the camera (docs/net.md "Joining with codes"), and drawing one
// as a QR code.
// - Drawing: qrcode-generator (npm, dist/vendor/qrcode.mjs), alphanumeric mode (a code is
//   "TT1" + base32, all in QR's alphanumeric set), error correction M.
// - Reading: the browser's BarcodeDetector where it has one (Chrome on Android, Safari),
//   else jsQR (npm `jsqr`, dist/vendor/jsqr.js, a classic script defining window.jsQR) on
//   video frames drawn into a canvas. The camera needs a secure page (https or localhost):
//   elsewhere, and without a camera or permission, the person pastes the code instead.

/** an SVG QR code of a code's text, and its size in modules */
export async function qrSvg(text) {
  const { default: qrcode } = await import("../../vendor/qrcode.mjs");
  const qr = qrcode(0, "M");
  qr.addData(text, /^[0-9A-Z $%*+\-./:]*$/.test(text) ? "Alphanumeric" : "Byte");
  qr.make();
  return { svg: qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }), modules: qr.getModuleCount() };
}

let jsqrLoad = null;
/** loads vendor/jsqr.js once → window.jsQR */
export function loadJsQR() {
  if (!jsqrLoad) {
    jsqrLoad = new Promise((resolve, reject) => {
      if (window.jsQR) { resolve(window.jsQR); return; }
      const s = document.createElement("script");
      s.src = new URL("../../vendor/jsqr.js", import.meta.url).href;
      s.onload = () => (window.jsQR ? resolve(window.jsQR) : reject(new Error("the QR reader did not load")));
      s.onerror = () => reject(new Error("could not load the QR reader"));
      document.head.appendChild(s);
    });
  }
  return jsqrLoad;
}

/** the text of a QR code in an image source (a video, a canvas, an image), or null */
export async function readQR(source, width, height) {
  if ("BarcodeDetector" in window) {
    try {
      const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      const found = await detector.detect(source);
      if (found.length) return found[0].rawValue;
      return null;
    } catch { /* no QR support in this detector: jsQR below */ }
  }
  const jsQR = await loadJsQR();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, width, height);
  const hit = jsQR(ctx.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: "dontInvert" });
  return hit ? hit.data : null;
}

/** Opens the camera in `box` (a video and a Cancel button) until a QR code is read.
 *  Resolves with its text; rejects with a reason a person can act on. */
export function scanWithCamera(box) {
  return new Promise((resolve, reject) => {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      reject(new Error("This browser cannot use the camera here (it needs an https page): paste the code instead."));
      return;
    }
    box.hidden = false;
    box.innerHTML = `<video class="net-scan-video" playsinline muted aria-label="The camera: point it at the QR code"></video>
      <button type="button" class="btn ghost" data-testid="scan-cancel">Cancel</button>`;
    const video = box.querySelector("video");
    let stream = null;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (stream) for (const t of stream.getTracks()) t.stop();
      box.hidden = true;
      box.innerHTML = "";
    };
    box.querySelector("[data-testid=scan-cancel]").addEventListener("click", () => { stop(); reject(new Error("Scanning cancelled.")); });
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }).then(async (s) => {
      stream = s;
      if (stopped) { stop(); return; }
      video.srcObject = s;
      await video.play();
      const look = async () => {
        if (stopped) return;
        let text = null;
        if (video.videoWidth) {
          try { text = await readQR(video, video.videoWidth, video.videoHeight); } catch { text = null; }
        }
        if (text) { stop(); resolve(text); return; }
        setTimeout(look, 200);
      };
      look();
    }, (err) => {
      stop();
      reject(new Error(`The camera is not available (${err && err.name ? err.name : err}): paste the code instead.`));
    });
  });
}
