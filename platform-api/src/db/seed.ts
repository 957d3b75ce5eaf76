// Seeds what a fresh site needs: tiers, the administrator, site text and settings, the help
// page, and the demo dataset. Idempotent: a second run changes nothing that exists.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { demoDatasetDir } from '@headwater/datasets';
import { loadDatasetDir } from '../modules/datasets/loader.ts';
import { SiteText } from '../modules/site/models.ts';
import { Tier } from '../modules/tiers/models.ts';
import { createUser } from '../modules/users/service.ts';
import { seedLocationData } from '../modules/accounts/location.ts';

export const TIERS = [
  { name: 'Tier I', description: 'Every new account starts here.', isDefault: true, subbasinLimit: 250, hruLimit: 10_000, taskLimit: 10, taskLimitInterval: 24, concurrencyLimit: 1, queuePriority: 'default', datasetUploadLimit: 0, sortOrder: 1 },
  { name: 'Tier II', description: 'Larger watersheds and project uploads.', isDefault: false, subbasinLimit: 2_000, hruLimit: 50_000, taskLimit: 50, taskLimitInterval: 24, concurrencyLimit: 2, queuePriority: 'middle', datasetUploadLimit: 5, sortOrder: 2 },
  { name: 'Tier III', description: 'Regional studies: no watershed size limits.', isDefault: false, subbasinLimit: 0, hruLimit: 0, taskLimit: 0, taskLimitInterval: 24, concurrencyLimit: 5, queuePriority: 'highest', datasetUploadLimit: 20, sortOrder: 3 },
] as const;

export const SITE_TEXT = {
  appName: 'Headwater',
  siteName: 'Headwater',
  siteLongName: 'Headwater — watershed modelling with SWAT',
  siteNameDescription: 'Build a SWAT watershed project in minutes, run scenarios on our workers, and read the results as charts, maps and checks.',
  homePageIntro:
    '<p>Headwater builds a SWAT (Soil and Water Assessment Tool) project for any watershed in a prepared dataset, runs it on our workers, and gives you the results as charts, maps, a sanity check, flood frequencies, baseflow separation and CE-QUAL-W2 inflow files.</p>',
  homePageText:
    '<h3>How it works</h3><ol><li>Pick the outlet of your watershed on the map; the upstream subbasins, HRUs, soils, land use and weather come with the dataset.</li><li>Reduce the number of HRUs if you need a faster model.</li><li>Create scenarios and change SWAT inputs through the editors: management, curve numbers, basin variables, weather generator and more.</li><li>Run the model and study the outputs.</li></ol>',
  homePageWorkLists:
    '<ul><li>Nutrient and sediment loads under alternative management</li><li>Land-use and climate change scenarios</li><li>Reservoir inflows for CE-QUAL-W2</li><li>Flood frequency and baseflow studies</li></ul>',
  footer: '<p>Headwater is open source. SWAT is developed by USDA-ARS and Texas A&amp;M AgriLife Research.</p>',
  helpPageText:
    '<h3>Getting started</h3><p>Register an account, confirm your e-mail, and an administrator approves it. Then open <a href="/projects">My Projects</a> and create a project by selecting the outlet of your watershed.</p><h3>Usage tiers</h3><p>Every account starts in Tier I. The limits of each tier are in the table below; a limit of 0 means unlimited. You can request a higher tier from your account page.</p><h3>Land use codes</h3><p>The land use codes of each dataset are listed on the <a href="/help/landuse">Land Use Definitions</a> page.</p>',
};

export type SeedResult = { adminUser: string; adminPassword?: string; created: boolean };

export async function seed(db: Knex, env: NodeJS.ProcessEnv = process.env): Promise<SeedResult> {
  return db.transaction(async (trx) => {
    for (const t of TIERS) {
      if (!(await Tier.query(trx).where('name', t.name).first())) await Tier.query(trx).insert({ ...t, featureList: [], datasets: [] });
    }
    await seedLocationData(trx);
    for (const [name, value] of Object.entries(SITE_TEXT)) {
      await SiteText.query(trx).insert({ name, value, isPage: false }).onConflict('name').ignore();
    }

    // The demo dataset, from the files shipped in datasets/lrew (never from ../shared). Quick
    // when loaded already (a fingerprint of the files and one query); RELOAD_DATASETS=1
    // replaces it when its files changed (subbasin and HRU ids change: only before projects).
    await loadDatasetDir(trx, demoDatasetDir(), { replace: env.RELOAD_DATASETS === '1' });

    const userName = env.ADMIN_USER?.trim() || 'admin';
    const existing = await trx('users').whereRaw('lower(user_name) = lower(?)', [userName]).first();
    if (existing) return { adminUser: userName, created: false };
    const generated = !env.ADMIN_PASSWORD;
    const password = env.ADMIN_PASSWORD || randomBytes(12).toString('base64url') + '1!';
    const tier = await Tier.query(trx).where('isDefault', true).first();
    await createUser(
      {
        userName,
        email: env.ADMIN_EMAIL?.trim() || 'admin@localhost',
        password,
        firstName: 'Site',
        lastName: 'Administrator',
        roles: ['Registered', 'Admin'],
        emailConfirmed: true,
        tierId: tier?.id ?? null,
        // The bootstrap administrator signs in with the printed password alone until its
        // e-mail is changed to a real address (plugins/account/README.md).
        mfaExempt: true,
      },
      trx,
    );
    return { adminUser: userName, adminPassword: generated ? password : undefined, created: true };
  });
}

