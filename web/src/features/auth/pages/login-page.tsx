import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isNotConfirmed } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { paths, safeRedirectPath } from '../../../lib/paths';
import { PageFrame } from '../../../components/page-frame';
import { TabPanel, Tabs } from '../../../components/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { AuthCard, authStyles } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { SignupForm } from '../components/signup-form';

type Mode = 'login' | 'signup';

export default function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const mode: Mode = searchParams.get('mode') === 'signup' ? 'signup' : 'login';
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo')) ?? paths.home.href();

  function setMode(next: Mode) {
    const params = new URLSearchParams(searchParams);
    if (next === 'signup') params.set('mode', 'signup');
    else params.delete('mode');
    setSearchParams(params, { replace: true });
  }

  function afterSignIn(signedIn: CurrentUser) {
    void navigate(isNotConfirmed(signedIn) ? paths.confirm.href() : redirectTo, { replace: true });
  }

  // Already signed in (e.g. the back button): nothing to do here.
  if (user) return <Navigate to={redirectTo} replace />;

  return (
    <PageFrame
      title={mode === 'signup' ? 'Sign up' : 'Login'}
      description="Log in to Earmark or create an account to rate, review and list music."
      width="narrow"
    >
      <AuthCard
        title={mode === 'signup' ? 'Create your account' : 'Welcome back'}
        lead={
          mode === 'signup'
            ? 'Join Earmark to rate and review releases, keep lists and help build the catalogue.'
            : 'Log in to rate, review and keep your lists.'
        }
        footer={
          mode === 'login' ? (
            <Link to={paths.passwordReset.href()}>Forgot your password?</Link>
          ) : (
            <span>
              By signing up you agree to the <Link to={paths.terms.href()}>Terms</Link> and the{' '}
              <Link to={paths.rules.href()}>Rules</Link>.
            </span>
          )
        }
      >
        <div className={authStyles.tabs}>
          <Tabs<Mode>
            label="Login or sign up"
            idPrefix="auth"
            value={mode}
            onChange={setMode}
            items={[
              { value: 'login', label: 'Login' },
              { value: 'signup', label: 'Sign up' },
            ]}
          />
        </div>
        <TabPanel idPrefix="auth" value={mode}>
          {mode === 'login' ? (
            <LoginForm onSuccess={afterSignIn} />
          ) : (
            <SignupForm onSuccess={afterSignIn} />
          )}
        </TabPanel>
      </AuthCard>
    </PageFrame>
  );
}
