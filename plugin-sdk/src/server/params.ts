// Route parameters of plugin server halves. The route's path types `params` (ServerRoute); these
// read a parameter the way platform-api's own routes do.
import { NotFoundError } from './errors.ts';

const MAX_ID = 2_147_483_647;

/** An integer id parameter (`:scenarioID`, `:fertID`): a whole number of the database's id
 * range, else the spec's 404 ('Requested data not found.') — an id that is not one names nothing. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) > MAX_ID) throw new NotFoundError();
  return Number(value);
}
