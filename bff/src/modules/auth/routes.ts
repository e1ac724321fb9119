import { Router } from 'express';

/**
 * /api/auth (NextAuth-compatible protocol). Until staff sign-in lands (issue 4) nobody can have a session,
 * so the session endpoint truthfully answers the protocol's "no session": an empty object.
 */
export function authRoutes(): Router {
  const router = Router();
  router.get('/session', (_req, res) => {
    res.set('Cache-Control', 'private, no-cache, no-store').json({});
  });
  return router;
}
