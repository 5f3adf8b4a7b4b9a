// Short generated clicks for the sowing animation (WebAudio; no audio files). Off by default;
// the choice is kept in localStorage `mancala.sound`.

let ctx = null;
let enabled = false;
try {
  enabled = localStorage.getItem('mancala.sound') === 'on';
} catch {
  enabled = false;
}

export function soundOn() {
  return enabled;
}

export function setSound(on) {
  enabled = on;
  try {
    localStorage.setItem('mancala.sound', on ? 'on' : 'off');
  } catch {
    /* private mode: the setting lasts for this page */
  }
  if (on) ensure();
}

function ensure() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === 'suspended') ctx.resume();
  return ctx;
}

/** A wooden click: a short filtered noise burst with a pitched body. `kind` varies the tone. */
export function click(kind = 'sow') {
  if (!enabled) return;
  const ac = ensure();
  if (!ac) return;
  const t = ac.currentTime;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  const base = kind === 'capture' ? 330 : kind === 'store' ? 520 : 760 + Math.random() * 160;
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(base, t);
  osc.frequency.exponentialRampToValueAtTime(base * 0.55, t + 0.06);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(kind === 'capture' ? 0.25 : 0.16, t + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + (kind === 'capture' ? 0.16 : 0.07));
  osc.connect(gain).connect(ac.destination);
  osc.start(t);
  osc.stop(t + 0.2);
}
