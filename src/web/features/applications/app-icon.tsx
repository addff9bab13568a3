import {
  Briefcase,
  Globe,
  Heart,
  LineChart,
  ShoppingCart,
  Smartphone,
  Users,
  Utensils,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_ICON_COLOR, type ICON_TYPES } from '../../../contract/applications/applications';
import { cn } from '../../lib/cn';

export type IconType = (typeof ICON_TYPES)[number];

/** The fixed icon set (spec: icon names such as mobile-alt), drawn with lucide. */
export const ICONS: Record<IconType, { icon: LucideIcon; label: string }> = {
  'mobile-alt': { icon: Smartphone, label: 'Mobile' },
  globe: { icon: Globe, label: 'Globe' },
  'shopping-cart': { icon: ShoppingCart, label: 'Shopping cart' },
  'chart-line': { icon: LineChart, label: 'Chart' },
  users: { icon: Users, label: 'Users' },
  briefcase: { icon: Briefcase, label: 'Briefcase' },
  heart: { icon: Heart, label: 'Heart' },
  utensils: { icon: Utensils, label: 'Utensils' },
};

export const iconFor = (type: string): LucideIcon =>
  (ICONS as Record<string, { icon: LucideIcon } | undefined>)[type]?.icon ?? Smartphone;

const HEX = /^#[0-9a-fA-F]{6}$/;

interface AppIconProps {
  logoUrl: string | null;
  iconColor: string;
  iconType: string;
  className?: string;
}

/**
 * The application's logo, or its coloured icon when it has none (or the logo fails to load).
 * Decorative: the name always stands next to it.
 */
export function AppIcon({ logoUrl, iconColor, iconType, className }: AppIconProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn(
    'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg',
    className,
  );
  if (logoUrl && failed !== logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        className={cn(box, 'bg-white object-contain')}
        onError={() => setFailed(logoUrl)}
      />
    );
  }
  const Icon = iconFor(iconType);
  return (
    <span
      aria-hidden="true"
      className={box}
      style={{ backgroundColor: HEX.test(iconColor) ? iconColor : DEFAULT_ICON_COLOR }}
    >
      <Icon className="size-5 text-white" />
    </span>
  );
}
