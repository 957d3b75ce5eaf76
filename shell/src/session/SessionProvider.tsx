// Holds the signed-in user. The token lives in local storage; route changes re-check it
// (spec 1 §4: the session clears when the stored token is missing or differs from the held one).
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, MESSAGES, SessionContext, api, apiFetch, getToken, onUnauthorized, resetHub, sessionFor, setToken, type SessionUser } from '@headwater/plugin-sdk';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

// Loaded when a call first asks for a login: most pages never show it (shell initial JS).
const LoginModal = lazy(() => import('../frame/LoginModal.tsx').then((m) => ({ default: m.LoginModal })));

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(() => !!getToken());
  const [loginPrompt, setLoginPrompt] = useState<{ message?: string } | null>(null);
  const heldToken = useRef<string | null>(getToken());
  const queryClient = useQueryClient();
  const location = useLocation();

  const check = useCallback(async () => {
    const token = getToken();
    heldToken.current = token;
    if (!token) {
      setUser(null);
      setLoading(false);
      return;
    }
    try {
      setUser(await api.get<SessionUser>('auth/check'));
    } catch {
      setToken(null);
      heldToken.current = null;
      setUser(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  // On every route change (spec 1 §4): a token removed or replaced in another tab ends or
  // renews the session, and GET auth/check confirms the held token is still valid (a password
  // change, logout elsewhere or deletion revokes it on the server).
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    if (getToken() !== heldToken.current) void check();
    else if (heldToken.current) {
      api.get<SessionUser>('auth/check').then(
        (fresh) => setUser((old) => (old && JSON.stringify(old) === JSON.stringify(fresh) ? old : fresh)),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 401) {
            setToken(null);
            heldToken.current = null;
            setUser(null);
          }
        },
      );
    }
  }, [location.pathname, check]);

  useEffect(
    () =>
      onUnauthorized(() => {
        setLoginPrompt({ message: MESSAGES.loginToContinue });
      }),
    [],
  );

  const signIn = useCallback(
    async (token: string) => {
      setToken(token);
      await check();
      resetHub();
      await queryClient.invalidateQueries();
    },
    [check, queryClient],
  );

  const logout = useCallback(() => {
    // Revoke the token on the server (the request reads the token before it is cleared).
    if (getToken()) void apiFetch('auth/logout', { method: 'POST', body: {}, quiet401: true }).catch(() => {});
    setToken(null);
    heldToken.current = null;
    setUser(null);
    resetHub();
    queryClient.clear();
  }, [queryClient]);

  const session = useMemo(
    () => sessionFor(user, loading, { signIn, logout, requestLogin: (message?: string) => setLoginPrompt({ message }) }),
    [user, loading, signIn, logout],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
      {loginPrompt && (
        <Suspense fallback={null}>
          <LoginModal prompt={loginPrompt} onClose={() => setLoginPrompt(null)} />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}
