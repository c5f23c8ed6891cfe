import { crashMultiplierAt, type CrashRound } from "@engine/crash";

export type ChartStatus = "idle" | "flying" | "crashed" | "cashedout";

export interface ChartFrame {
  round: CrashRound | null;
  /** Flight time to draw up to, seconds. */
  tSec: number;
  status: ChartStatus;
}

/** docs/product.md §9: the time axis shows at least 10 s and the multiplier axis at least 2x. */
export const MIN_AXIS_SEC = 10;
export const MIN_AXIS_MULTIPLIER = 2;
const HEADROOM = 1.2;
const SAMPLES = 120;
const PAD = { left: 46, right: 18, top: 16, bottom: 26 };

export function axisRange(tSec: number, multiplier: number): { tMax: number; mMax: number } {
  return { tMax: Math.max(MIN_AXIS_SEC, tSec * HEADROOM), mMax: Math.max(MIN_AXIS_MULTIPLIER, 1 + (multiplier - 1) * HEADROOM) };
}

/** A step that puts three to six grid lines across a span. */
export function gridStep(span: number): number {
  for (const step of [0.25, 0.5, 1, 2, 5, 10, 20, 25, 50, 100]) if (span / step <= 6) return step;
  return 200;
}

const STROKE: Record<ChartStatus, string> = { idle: "#2de2ff", flying: "#2de2ff", crashed: "#ff3d5a", cashedout: "#34d399" };

/** The whole chart for one frame; the curve is the engine's, sampled up to tSec. */
export function drawCrashChart(ctx: CanvasRenderingContext2D, width: number, height: number, frame: ChartFrame): void {
  const { round, status } = frame;
  const tSec = round ? frame.tSec : 0;
  const tipMultiplier = round ? (status === "crashed" ? round.crashPoint / 100 : crashMultiplierAt(round.curve, tSec)) : 1;
  const { tMax, mMax } = axisRange(tSec, tipMultiplier);
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + (t / tMax) * plotW;
  const y = (m: number) => PAD.top + plotH - ((m - 1) / (mMax - 1)) * plotH;

  ctx.clearRect(0, 0, width, height);

  // grid and axis labels
  ctx.font = "11px Inter, system-ui, sans-serif";
  ctx.lineWidth = 1;
  ctx.fillStyle = "rgb(148 163 184 / 0.85)";
  ctx.strokeStyle = "rgb(255 255 255 / 0.07)";
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  const mStep = gridStep(mMax - 1);
  for (let m = 1; m <= mMax + 1e-9; m += mStep) {
    ctx.beginPath();
    ctx.moveTo(PAD.left, y(m));
    ctx.lineTo(width - PAD.right, y(m));
    ctx.stroke();
    ctx.fillText(`${Number(m.toFixed(2))}x`, PAD.left - 8, y(m));
  }
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  const tStep = gridStep(tMax);
  for (let t = 0; t <= tMax + 1e-9; t += tStep) {
    ctx.beginPath();
    ctx.moveTo(x(t), PAD.top);
    ctx.lineTo(x(t), PAD.top + plotH);
    ctx.stroke();
    ctx.fillText(`${t}s`, x(t), PAD.top + plotH + 8);
  }

  let tipX = x(0);
  let tipY = y(1);
  let angle = -Math.PI / 4;
  if (round && tSec > 0) {
    const points: [number, number][] = [];
    for (let i = 0; i <= SAMPLES; i++) {
      const t = (tSec * i) / SAMPLES;
      points.push([x(t), y(i === SAMPLES ? tipMultiplier : crashMultiplierAt(round.curve, t))]);
    }
    ctx.beginPath();
    ctx.moveTo(points[0][0], points[0][1]);
    for (const [px, py] of points) ctx.lineTo(px, py);
    const fill = ctx.createLinearGradient(0, PAD.top, 0, PAD.top + plotH);
    fill.addColorStop(0, `${STROKE[status]}55`);
    fill.addColorStop(1, `${STROKE[status]}00`);
    ctx.save();
    ctx.lineTo(points[SAMPLES][0], y(1));
    ctx.lineTo(points[0][0], y(1));
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.restore();

    ctx.beginPath();
    ctx.moveTo(points[0][0], points[0][1]);
    for (const [px, py] of points) ctx.lineTo(px, py);
    ctx.lineWidth = 3.5;
    ctx.lineJoin = "round";
    ctx.strokeStyle = STROKE[status];
    ctx.stroke();

    [tipX, tipY] = points[SAMPLES];
    const [prevX, prevY] = points[SAMPLES - 4];
    angle = Math.atan2(tipY - prevY, tipX - prevX);
  }

  if (status === "crashed") drawExplosion(ctx, tipX, tipY);
  else drawRocket(ctx, tipX, tipY, angle, status === "flying" ? tSec : 0);
}

function drawRocket(ctx: CanvasRenderingContext2D, cx: number, cy: number, angle: number, tSec: number): void {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(angle);
  // flame, flickering with the flight time
  const flicker = 1 + 0.25 * Math.sin(tSec * 40);
  const flame = ctx.createLinearGradient(-34 * flicker, 0, -12, 0);
  flame.addColorStop(0, "rgb(255 61 168 / 0)");
  flame.addColorStop(0.5, "#ff8a3d");
  flame.addColorStop(1, "#ffd23f");
  ctx.fillStyle = flame;
  ctx.beginPath();
  ctx.moveTo(-12, -5);
  ctx.quadraticCurveTo(-34 * flicker, 0, -12, 5);
  ctx.closePath();
  ctx.fill();
  // fins
  ctx.fillStyle = "#ff3da8";
  ctx.beginPath();
  ctx.moveTo(-8, -6);
  ctx.lineTo(-15, -13);
  ctx.lineTo(-3, -6);
  ctx.moveTo(-8, 6);
  ctx.lineTo(-15, 13);
  ctx.lineTo(-3, 6);
  ctx.fill();
  // body
  const body = ctx.createLinearGradient(0, -7, 0, 7);
  body.addColorStop(0, "#ffffff");
  body.addColorStop(1, "#b9a7ff");
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.moveTo(16, 0);
  ctx.quadraticCurveTo(8, -8, -12, -6);
  ctx.lineTo(-12, 6);
  ctx.quadraticCurveTo(8, 8, 16, 0);
  ctx.fill();
  // window
  ctx.fillStyle = "#2de2ff";
  ctx.beginPath();
  ctx.arc(3, 0, 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawExplosion(ctx: CanvasRenderingContext2D, cx: number, cy: number): void {
  ctx.save();
  ctx.translate(cx, cy);
  const glow = ctx.createRadialGradient(0, 0, 2, 0, 0, 34);
  glow.addColorStop(0, "#fff6c2");
  glow.addColorStop(0.35, "#ffd23f");
  glow.addColorStop(0.7, "rgb(255 61 90 / 0.8)");
  glow.addColorStop(1, "rgb(255 61 90 / 0)");
  ctx.fillStyle = glow;
  ctx.beginPath();
  for (let i = 0; i < 16; i++) {
    const r = i % 2 === 0 ? 34 : 16;
    const a = (i / 16) * Math.PI * 2;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}
