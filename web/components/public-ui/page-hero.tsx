/**
 * The blue banner at the top of an inner public page (Results, Teacher selection; docs/product.md#public-results,
 * #teacher-selection): an eyebrow pill with an icon, the page's h1 (its `id` labels the section) and an intro line.
 * The page's card overlaps its bottom edge.
 */
import type { ComponentType, SVGProps } from "react";
import { cn } from "./cn";

export interface PageHeroProps {
  /** The h1's id (the section is labelled by it). */
  id: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  eyebrow: string;
  title: string;
  intro: string;
  className?: string;
}

/** See the module doc. */
export function PageHero({ id, icon: Icon, eyebrow, title, intro, className }: PageHeroProps) {
  return (
    <section aria-labelledby={id} className={cn("relative isolate overflow-hidden bg-blue-950 text-white", className)}>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-br from-blue-950 via-blue-900 to-primary"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-size:22px_22px] bg-[radial-gradient(rgb(255_255_255/0.09)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-24 text-center sm:px-6 sm:pt-14 sm:pb-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-amber-300/40 bg-white/5 px-4 py-1 text-sm font-semibold text-amber-200">
          <Icon className="size-4" aria-hidden="true" />
          {eyebrow}
        </p>
        <h1 id={id} className="mt-4 text-3xl font-bold text-balance sm:text-4xl">
          {title}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-base leading-relaxed text-blue-100 sm:text-lg">{intro}</p>
      </div>
    </section>
  );
}
