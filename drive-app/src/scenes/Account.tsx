import { ChangePasswordSection } from '../components/account/ChangePasswordSection.tsx';
import { ProfileSection } from '../components/account/ProfileSection.tsx';
import { SessionsSection } from '../components/account/SessionsSection.tsx';
import { SignOutSection } from '../components/account/SignOutSection.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useT } from '../i18n.ts';

/** /drive/account: the profile, the password, the sessions, and signing out. */
export function Account() {
  const t = useT();
  return (
    <RequireUser>
      {(user) => (
        <div className="account-page">
          <h1>{t('account.title')}</h1>
          <ProfileSection key={user.userId} user={user} />
          <ChangePasswordSection user={user} />
          <SessionsSection />
          <SignOutSection />
        </div>
      )}
    </RequireUser>
  );
}
