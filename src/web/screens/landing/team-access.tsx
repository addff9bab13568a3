import { LogIn } from 'lucide-react';
import { LOGIN_PATH } from '../../../contract/auth/auth';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';

/** The team's way in, at the foot of the landing page (loaded after the first load, docs/decisions/033). */
export default function TeamAccess() {
  const _ = useT();
  return (
    <section
      aria-labelledby="team-title"
      className="border-t border-border bg-muted py-12 below-fold"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="team-title" className="text-xl font-bold">
            {_('team.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{_('team.text')}</p>
        </div>
        {/* The whole browser goes to the login endpoint: it may hand over to single sign-on. A
            form, so the button works whether or not this block's code has hydrated yet (it comes
            after the first load, and the shell's loader clicks a held button again on its own). */}
        <form action={LOGIN_PATH} method="get">
          <Button type="submit" variant="outline">
            <LogIn className="size-4" aria-hidden="true" />
            {_('team.login')}
          </Button>
        </form>
      </div>
    </section>
  );
}
