import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';

export function register(router: Router, deps: AppDeps): void {
  void router;
  void deps;
}
