import type { AppDeps } from '../../deps.ts';
import type { Handler } from '../../jobs/queue.ts';

export function migrationV1Processors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  void deps;
  return {};
}
