import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Card } from './card';

/** A list that could not be loaded: what went wrong (`children`), and 'Try again', which loads it again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Card role="alert" className="p-6">
      {children}
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
