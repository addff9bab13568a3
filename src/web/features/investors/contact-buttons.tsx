import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { ExternalLink, Mail } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import type { Investor } from '../../../contract/investors/investors';
import { mailtoHref } from './format';

export const NO_EMAIL_REASON = 'No e-mail address on file for this investor';

/** Opens the profile in a new tab, or says plainly that there is none (docs/product.md §2). */
export function ProfileButton({ investor }: { investor: Pick<Investor, 'name' | 'linkedinUrl'> }) {
  if (!investor.linkedinUrl) {
    return (
      <Button variant="outline" size="sm" disabled className="flex-1">
        LinkedIn (Not Available)
      </Button>
    );
  }
  return (
    <a
      href={investor.linkedinUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('primary', 'sm', 'flex-1')}
    >
      <ExternalLink className="size-4" aria-hidden="true" />
      LinkedIn
      <span className="sr-only"> profile of {investor.name} (opens in a new tab)</span>
    </a>
  );
}

/** Writes to the investor when an address is on file; otherwise says why it cannot. */
export function ContactButton({ investor }: { investor: Pick<Investor, 'name' | 'email'> }) {
  const href = mailtoHref(investor.email);
  if (!href) return <NoEmailContact />;
  return (
    <a href={href} className={buttonClasses('outline', 'sm', 'flex-1')}>
      <Mail className="size-4" aria-hidden="true" />
      Contact
      <span className="sr-only"> {investor.name} by e-mail</span>
    </a>
  );
}

/**
 * A disabled button gets no pointer or focus events, so a focusable span carries the tooltip
 * (Radix's pattern for disabled triggers). Radix closes a tooltip when the page scrolls, and
 * tabbing to a card below the fold scrolls it in: while the span has focus only Escape or
 * leaving closes it. The reason is also the span's own description, for screen readers.
 */
function NoEmailContact() {
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const focused = useRef(false);
  const escaped = useRef(false);
  const onOpenChange = (next: boolean) => {
    if (next || !focused.current || escaped.current) setOpen(next);
    escaped.current = false;
  };
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <TooltipPrimitive.Trigger
        asChild
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          setOpen(false);
        }}
      >
        <span
          tabIndex={0}
          aria-describedby={reasonId}
          className="inline-flex flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Button variant="outline" size="sm" disabled className="w-full">
            <Mail className="size-4" aria-hidden="true" />
            Contact
          </Button>
          <span id={reasonId} className="sr-only">
            {NO_EMAIL_REASON}
          </span>
        </span>
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side="top"
          sideOffset={6}
          onEscapeKeyDown={() => (escaped.current = true)}
          className="z-50 max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md"
        >
          {NO_EMAIL_REASON}
          <TooltipPrimitive.Arrow className="fill-primary" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
