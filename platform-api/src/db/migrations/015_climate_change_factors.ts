// Climate-change scenarios that change a run's weather (issue 23): each scenario may carry
// monthly delta change factors — precipitation change in percent and temperature change in °C,
// 12 values each, January first — that a run applies to the chosen weather dataset's daily
// series (scenarios/run/climate-change.ts). A scenario without factors has no climate data on
// this server: a run that chooses it is refused with a message, never run on unchanged weather.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('climate_change_scenarios', (t) => {
    t.jsonb('change_factors'); // { precipitationPercent: number[12], temperatureChange: number[12] } or null
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('climate_change_scenarios', (t) => {
    t.dropColumn('change_factors');
  });
}
