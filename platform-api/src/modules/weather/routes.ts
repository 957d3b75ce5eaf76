// Weather datasets (spec 3 §7 'Weather and SWAT versions'): Admin and PartialAdmin; delete is
// Admin only (checked by the service).
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam } from '../../http/validate.ts';
import * as weather from './service.ts';

const form = (body: unknown) => (body && typeof body === 'object' ? (body as weather.WeatherForm) : {});

export function register(router: Router, deps: AppDeps): void {
  router.get('/admin/weather', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, weather.weatherRows(deps), weather.WEATHER_GRID, { csvName: 'weather-datasets.csv' });
  });
  router.get('/admin/weather/options', requireAdmin, async (ctx) => {
    ctx.body = await weather.weatherChoices(deps);
  });
  router.post('/admin/weather', requireAdmin, async (ctx) => {
    ctx.body = await weather.createWeather(deps, currentUser(ctx), form(ctx.request.body));
  });
  router.get('/admin/weather/:id', requireAdmin, async (ctx) => {
    ctx.body = await weather.getWeather(deps, intParam(ctx.params.id));
  });
  router.put('/admin/weather/:id', requireAdmin, async (ctx) => {
    ctx.body = await weather.updateWeather(deps, currentUser(ctx), intParam(ctx.params.id), form(ctx.request.body));
  });
  router.delete('/admin/weather/:id', requireAdmin, async (ctx) => {
    ctx.body = await weather.deleteWeather(deps, currentUser(ctx), intParam(ctx.params.id));
  });
}
