import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { drawCrashChart, type ChartFrame } from "../chart-draw";

export interface ChartHandle {
  /** Draws one animation frame without a React render. */
  draw(frame: ChartFrame): void;
}

export interface CrashChartProps {
  /** The frame to show when nothing is animating (idle, crashed, cashed out). */
  frame: ChartFrame;
  ref?: Ref<ChartHandle>;
}

/** The flight chart on a canvas, sized to its box at the screen's pixel density. */
export function CrashChart({ frame, ref }: CrashChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const lastFrame = useRef<ChartFrame>(frame);
  const size = useRef({ width: 0, height: 0 });

  function paint(next: ChartFrame) {
    lastFrame.current = next;
    if (size.current.width === 0) return;
    const ctx = canvasRef.current?.getContext("2d");
    if (!ctx) return;
    drawCrashChart(ctx, size.current.width, size.current.height, next);
  }

  useImperativeHandle(ref, () => ({ draw: paint }), []);

  useEffect(() => {
    paint(frame);
  }, [frame]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      size.current = { width, height };
      canvas.getContext("2d")?.setTransform(ratio, 0, 0, ratio, 0, 0);
      paint(lastFrame.current);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  return <canvas ref={canvasRef} aria-hidden="true" data-testid="crash-chart" className="absolute inset-0 size-full will-change-transform" />;
}
