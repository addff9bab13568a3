import { useState } from 'react';
import { cn } from '../../lib/cn';
import { initials } from './format';

const SIZE = 'size-16 shrink-0 rounded-full';

/**
 * The investor's photo; when there is none or it does not load, a tile with their initials
 * (drawn here, so no outside image is needed). The name is next to it, so both are decorative.
 */
export function InvestorPhoto({ name, src }: { name: string; src: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        width={64}
        height={64}
        className={cn(SIZE, 'border border-border object-cover')}
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      data-testid="investor-photo-fallback"
      className={SIZE}
    >
      <circle cx="32" cy="32" r="32" className="fill-navy-100" />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="middle"
        className="fill-navy-900 text-xl font-semibold"
      >
        {initials(name)}
      </text>
    </svg>
  );
}
