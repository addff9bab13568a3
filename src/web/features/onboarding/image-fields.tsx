import { useState, type ChangeEvent } from 'react';
import {
  ONBOARDING_LIMITS,
  onboardingFileUrl,
  type OnboardingFile,
  type OnboardingFileKind,
} from '../../../contract/onboarding/onboarding';
import { LOGO_TYPES, MAX_LOGO_BYTES } from '../../../contract/uploads/uploads';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { uploadFile, useFileChanges, useOnboarding } from './api';

type T = ReturnType<typeof useT>;

/** Why this file cannot be sent, in the page's words; null when it can (the server checks again). */
function fileProblem(file: File, _: T): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return _('onboarding.file.type');
  if (file.size > MAX_LOGO_BYTES) return _('onboarding.file.tooLarge');
  return null;
}

/** The logo (one) and photos (up to ONBOARDING_LIMITS.photos), sent as soon as they are chosen. */
export function ImageFields() {
  const _ = useT();
  const files = useOnboarding().data?.files ?? [];
  const logo = files.find((f) => f.kind === 'logo');
  const photos = files.filter((f) => f.kind === 'photo');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <ImageField
        kind="logo"
        label={_('onboarding.field.logo')}
        hint={_('onboarding.hint.logo')}
        files={logo ? [logo] : []}
        full={false}
      />
      <ImageField
        kind="photo"
        label={_('onboarding.field.photos')}
        hint={_('onboarding.hint.photos', {
          count: photos.length,
          max: ONBOARDING_LIMITS.photos,
        })}
        files={photos}
        full={photos.length >= ONBOARDING_LIMITS.photos}
      />
    </div>
  );
}

function ImageField({
  kind,
  label,
  hint,
  files,
  full,
}: {
  kind: OnboardingFileKind;
  label: string;
  hint: string;
  files: OnboardingFile[];
  full: boolean;
}) {
  const _ = useT();
  const changes = useFileChanges();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `onboarding-${kind}`;

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    for (const file of kind === 'logo' ? chosen.slice(0, 1) : chosen) {
      const wrong = fileProblem(file, _);
      if (wrong) {
        setProblem(`${file.name}: ${wrong}`);
        continue;
      }
      setBusy(true);
      setStatus(_('onboarding.file.uploading', { name: file.name }));
      try {
        changes.added(await uploadFile(file, kind));
        setStatus(_('onboarding.file.uploaded', { name: file.name }));
      } catch (error) {
        setStatus('');
        setProblem(`${file.name}: ${errorMessage(error, _('onboarding.tryAgain'))}`);
      } finally {
        setBusy(false);
      }
    }
  };

  const remove = async (file: OnboardingFile, name: string) => {
    setProblem(null);
    try {
      await changes.remove(file.id);
      setStatus(_('onboarding.file.removed', { name }));
    } catch (error) {
      setProblem(errorMessage(error, _('onboarding.tryAgain')));
    }
  };

  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {files.length > 0 && (
        <ul className="grid grid-cols-2 gap-2">
          {files.map((file, i) => {
            const name =
              kind === 'logo' ? _('onboarding.logoAlt') : _('onboarding.photoAlt', { n: i + 1 });
            return (
              <li key={file.id} className="grid gap-1">
                <img
                  src={onboardingFileUrl(file.id)}
                  alt={name}
                  width={file.width}
                  height={file.height}
                  className="aspect-square w-full rounded-md border border-border bg-muted object-contain"
                />
                <Button variant="ghost" size="sm" onClick={() => void remove(file, name)}>
                  {_('onboarding.file.remove', { name })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={id}
        type="file"
        accept={LOGO_TYPES.join(',')}
        multiple={kind === 'photo'}
        disabled={busy || full}
        aria-describedby={problem ? `${id}-error` : `${id}-hint`}
        aria-invalid={Boolean(problem)}
        onChange={(e) => void onChoose(e)}
        className="text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-border file:bg-card file:px-4 file:font-semibold"
      />
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {problem}
        </p>
      )}
      <p role="status" className="text-xs text-muted-foreground">
        {status}
      </p>
    </div>
  );
}
