import { paths } from '@shared/paths';
import {
  RESUME_LISTING_PARAM,
  RESUME_PARAM,
  RETURN_PARAM,
  type ResumeAction,
  resumePath,
  returnPathOrNone,
  withReturnPath,
} from '@shared/return-path';
import { useQueryClient } from '@tanstack/react-query';
import { useDropParams } from '@web/lib/drop-params';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { accountKeys, useMe } from './api';

/** The page a sign-in form was asked to come back to ('/login?destino=…'), when it is one of this site's. */
export function useReturnPath(): string | undefined {
  const [params] = useSearchParams();
  return returnPathOrNone(params.get(RETURN_PARAM));
}

/**
 * Sends a guest to /login, to come back to this page and resume `action` there once signed in. Also a member whose
 * session ended meanwhile (the server answered 401): the page forgets them, or /login would take them for signed in.
 */
export function useGoToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return (action: ResumeAction, listingId?: number) => {
    queryClient.setQueryData(accountKeys.me, null);
    navigate(withReturnPath(paths.login, resumePath(location, action, listingId)));
  };
}

/**
 * On the page a sign-in came back to: runs `run` once when the address asks to resume `action` and the member is
 * signed in, then takes the request out of the address (a reload or the back button does not run it again).
 */
export function useResumeAction(
  action: ResumeAction,
  run: (listingId: number | null) => void,
  enabled = true,
) {
  const me = useMe();
  const [params] = useSearchParams();
  const dropParams = useDropParams();
  const wanted = enabled && params.get(RESUME_PARAM) === action;
  const signedIn = Boolean(me.data);
  const done = useRef(false);
  const latest = useRef(run);
  latest.current = run;

  useEffect(() => {
    if (!wanted || !signedIn || done.current) return;
    done.current = true;
    const listingId = Number(params.get(RESUME_LISTING_PARAM)) || null;
    dropParams([RESUME_PARAM, RESUME_LISTING_PARAM]);
    latest.current(listingId);
  }, [wanted, signedIn, params, dropParams]);
}
