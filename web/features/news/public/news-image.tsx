/**
 * A news picture in a fixed 16:9 box (width/height given, so nothing shifts while it loads), or, when the item has
 * no image or it fails to load, the school crest on the navy gradient.
 */
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/public-ui/cn";

/** Intrinsic size given to the browser before the image arrives (16:9). */
const WIDTH = 640;
const HEIGHT = 360;

/** Props of NewsImage. */
export interface NewsImageProps {
  src: string | null | undefined;
  /** Eager for the first slide (it may be the largest paint), lazy for the rest. */
  eager?: boolean;
  /** Crest size: "md" on slides, "lg" in the detail modal. */
  size?: "md" | "lg";
  /** Picks one of the placeholder gradients (e.g. the item id), so neighbouring slides differ a little. */
  tone?: number;
  className?: string;
}

/** Placeholder gradients in the school's navy/blue range. */
const TONES = [
  "from-blue-950 via-blue-900 to-primary",
  "from-blue-950 via-indigo-900 to-blue-700",
  "from-slate-900 via-blue-900 to-sky-700",
];

/** The image box. The image is decorative: the title next to it says what it shows. */
export function NewsImage({ src, eager = false, size = "md", tone = 0, className }: NewsImageProps) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source gets a new chance to load
  useEffect(() => setFailed(false), [src]);
  // An image that failed before hydration fired its error event before React listened: check it once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the image source changes
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(true);
  }, [src]);

  const box = cn("relative aspect-video w-full overflow-hidden bg-blue-950", className);
  if (!src || failed) {
    return (
      <div className={box} aria-hidden="true">
        <div className={cn("absolute inset-0 bg-linear-to-br", TONES[Math.abs(tone) % TONES.length])} />
        <div className="absolute inset-0 [background-size:18px_18px] bg-[radial-gradient(rgb(255_255_255/0.09)_1px,transparent_1px)]" />
        {/* A 10rem disk blurred by 40 px, drawn as a gradient (app.css `glow-*`: a CSS blur filter costs paint time,
            docs/decisions/0013-public-first-paint.md). */}
        <div className="absolute -end-40 -top-40 size-100 glow-20 [--glow-k:2]" />
        <div className="absolute inset-x-0 bottom-0 h-1 bg-linear-to-r from-amber-400/0 via-amber-400 to-amber-400/0" />
        <img
          src="/logo.svg"
          alt=""
          width={224}
          height={252}
          loading={eager ? "eager" : "lazy"}
          className={cn(
            "absolute inset-0 m-auto w-auto opacity-90 drop-shadow-[0_10px_24px_rgba(0,0,0,0.45)]",
            size === "lg" ? "h-32 sm:h-40" : "h-24",
          )}
        />
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        ref={img}
        src={src}
        alt=""
        width={WIDTH}
        height={HEIGHT}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}
