/**
 * The student facts grid of the public result card and the teacher-selection student panel
 * (docs/product.md#public-results, #teacher-selection): icon, label and value per fact, two columns from `sm` up.
 */
import type { ComponentType, ReactNode, SVGProps } from "react";

/** One fact; `label` is also the React key, so labels must differ. */
export interface Fact {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  label: string;
  value: ReactNode;
}

/** See the module doc. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid gap-2.5 sm:grid-cols-2 sm:gap-3">
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className="rounded-xl border bg-muted/40 px-3.5 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-1 ps-5.5 font-semibold break-words text-blue-950">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
