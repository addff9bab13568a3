import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import {
  LOGO_HINTS,
  LOGO_TYPES,
  logoFileProblem,
  uploadFailure,
  uploadLogo,
  type LogoPurpose,
} from './logo-upload';

interface LogoFieldProps {
  id: string;
  purpose: LogoPurpose;
  /** The saved or just uploaded logo's URL; '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** True while a file is on its way: the form waits for its URL before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** A server complaint about the logo URL. */
  error?: string | undefined;
}

/** A logo file picker that uploads at once and keeps the resulting URL, with a preview. */
export function LogoField({ id, purpose, value, onChange, onBusyChange, error }: LogoFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: (file: File) => uploadLogo(file, purpose) });
  const hint = LOGO_HINTS[purpose];
  const shown = problem ?? error;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const refused = logoFileProblem(file);
    setProblem(refused);
    if (refused) {
      input.value = '';
      return;
    }
    onBusyChange?.(true);
    upload.mutate(file, {
      onSuccess: (url) => onChange(url),
      onError: (failure) => toast({ title: uploadFailure(failure), variant: 'destructive' }),
      onSettled: () => {
        onBusyChange?.(false);
        input.value = '';
      },
    });
  };

  return (
    // The hint stays in view (it says what is allowed); a refusal is announced as it happens.
    <Field id={id} label="Logo" hint={hint}>
      <div className="flex flex-wrap items-center gap-3">
        {value && (
          <>
            <img
              src={value}
              alt="Current logo"
              width={48}
              height={48}
              className="size-12 rounded-lg border border-border bg-white object-contain"
            />
            <Button
              size="sm"
              variant="outline"
              onClick={() => onChange('')}
              disabled={upload.isPending}
            >
              <X className="size-3.5" aria-hidden="true" />
              Remove logo
            </Button>
          </>
        )}
        <Input
          id={id}
          type="file"
          accept={LOGO_TYPES.join(',')}
          onChange={choose}
          disabled={upload.isPending}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="h-auto min-w-0 flex-1 py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
        />
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {shown}
        </p>
      )}
      {upload.isPending && (
        <p role="status" className="text-xs text-muted-foreground">
          Uploading logo…
        </p>
      )}
    </Field>
  );
}
