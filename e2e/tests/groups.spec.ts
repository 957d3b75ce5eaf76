// Groups, sharing and feedback (issue 17) in the browser, with two people signed in at once:
// the owner creates a group and invites the member by e-mail; the invitation reaches the
// member's bell live; the member accepts from the bell, sees the shared project on the Group
// Projects tab and runs a scenario in it; the owner removes the member and the project is gone
// for them (404). Then the member files general feedback and finds it at /feedback.
// Mails (sign-in codes, the invitation) are read from the server's outbox (DATA_DIR/outbox).
import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, person as personFor, projectWithHrus, signIn, tokenOf, until, waitForMail } from './fixtures.ts';

/** An approved account made by the administrator (confirmed at once). */
const person = (baseURL: string, admin: string, userName: string) => personFor(baseURL, admin, userName, 'Group tests');
const NOT_FOUND = 'Requested data not found. Please check the URL in your browser and make sure you have the correct ID numbers if any.';

async function accountMenu(page: Page, item: string) {
  await page.getByTestId('menu-account').click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a group shares a project: invite by e-mail, accept from the bell, run a scenario, removal hides it; feedback is filed and found', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await apiToken(baseURL!);
  const stamp = Date.now().toString(36);
  const owner = await person(baseURL!, admin, `owner${stamp}`);
  const member = await person(baseURL!, admin, `member${stamp}`);
  const groupName = `Little River team ${stamp}`;

  // The owner's project (HRUs set) with a scenario, made through the API.
  const ownerToken = await tokenOf(baseURL!, owner);
  const projectName = `Shared watershed ${stamp}`;
  const projectId = await projectWithHrus(baseURL!, ownerToken, projectName);
  const options = (await api(baseURL!, ownerToken, `scenarios/options/${projectId}`)).body as { defaultWeatherDataset: number; defaultSWATVersion: number };
  const scenario = await api(baseURL!, ownerToken, 'scenarios', {
    method: 'POST',
    body: { projectID: projectId, name: 'Baseline', weatherDatasetID: options.defaultWeatherDataset, swatVersionID: options.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31' },
  });
  expect(scenario.status).toBe(200);
  const scenarioId = (scenario.body as { id: number }).id;

  // The member is signed in in a browser of their own, the bell empty.
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto('/projects');
  await memberPage.getByTestId('tab-groups').click();
  await expect(memberPage.getByTestId('groups-empty')).toHaveText('You are not a member of any groups.');

  // The owner: My groups (empty) → Create a group → the group's page.
  await signIn(page, owner);
  await accountMenu(page, 'My groups');
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByText('You are not a member of any groups.')).toBeVisible();
  await page.getByTestId('create-group').click();
  await page.getByTestId('group-name').fill(groupName);
  await page.getByTestId('group-submit').click();
  await expect(page.getByText('Please enter both a name and description.')).toBeVisible();
  await page.getByTestId('group-description').fill('Modellers of the Little River watershed');
  await page.getByTestId('group-submit').click();
  await expect(page.getByTestId('group-name-title')).toHaveText(groupName);
  const groupId = Number(page.url().split('/').pop());

  // Invite the member by e-mail with a message: the bell of the member's open page shows it live.
  await page.getByTestId('invite-email').fill('not an address');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByTestId('invite-email').fill(member.email);
  await page.getByTestId('invite-message').fill('Please help calibrate the baseline.');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText(`An invitation was sent to ${member.email}.`)).toBeVisible();
  await expect(page.getByTestId('invitations')).toContainText(member.email);
  const invitation = await waitForMail(member.email, /invitation to join the group/);
  expect(invitation.text).toContain('Please help calibrate the baseline.');
  expect(invitation.text).toMatch(/\/groups\/invites/);

  await expect(memberPage.getByTestId('notifications-count')).toContainText('1', { timeout: 15_000 });
  await memberPage.getByTestId('notifications-bell').click();
  const note = memberPage.getByTestId('notification').filter({ hasText: `Invitation to join the group ${groupName}` });
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: 'View group invitations' }).click();
  await expect(memberPage).toHaveURL(/\/groups\/invites$/);
  const row = memberPage.getByRole('row').filter({ hasText: groupName });
  await expect(row).toContainText(owner.userName);
  await expect(row).toContainText('Please help calibrate the baseline.');
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/groups/${groupId}$`));
  await expect(memberPage.getByTestId('group-name-title')).toHaveText(groupName);
  await expect(memberPage.getByTestId('invite-form')).toHaveCount(0); // a member, not a group admin

  // The owner shares the project from its Actions menu ('Please select a group.' first).
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByTestId('project-name')).toHaveText(projectName);
  await page.getByTestId('menu-actions').click();
  await page.getByTestId('action-share').click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Please select a group.')).toBeVisible();
  await page.getByTestId('share-group').click();
  await page.getByRole('option', { name: groupName }).click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Shared with', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(groupName);
  await page.keyboard.press('Escape');

  // The member sees it on the Group Projects tab, opens it (no Share, no Delete for them) and runs the scenario.
  await memberPage.goto('/projects?tab=groups');
  await memberPage.getByTestId(`project-link-${projectId}`).click();
  await expect(memberPage.getByTestId('project-name')).toHaveText(projectName);
  await memberPage.getByTestId('menu-actions').click();
  await expect(memberPage.getByTestId('action-copy')).toBeVisible();
  await expect(memberPage.getByTestId('action-share')).toHaveCount(0);
  await expect(memberPage.getByTestId('action-delete')).toHaveCount(0);
  await memberPage.keyboard.press('Escape');
  await memberPage.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await memberPage.getByTestId('run-open').click();
  await memberPage.getByTestId('run-submit').click();
  const failed = memberPage.getByTestId('scenario-error');
  await expect(memberPage.getByTestId('tab-outputs').or(failed).first()).toBeVisible({ timeout: 180_000 });
  if (await failed.count()) throw new Error(`the run failed: ${await failed.textContent()}`);
  const ran = await api(baseURL!, ownerToken, `scenarios/${scenarioId}`);
  expect((ran.body as { status: { hasRun: boolean } }).status.hasRun).toBe(true);

  // The owner removes the member (after confirming): the project is gone for them.
  await page.goto(`/groups/${groupId}`);
  await page.getByTestId(`remove-${member.userName}`).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId(`remove-${member.userName}`)).toHaveCount(0);
  await memberPage.goto(`/projects/${projectId}`);
  await expect(memberPage.getByText(NOT_FOUND)).toBeVisible();
  await memberPage.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await expect(memberPage.getByText(NOT_FOUND)).toBeVisible();
  await memberPage.goto('/groups');
  await expect(memberPage.getByText('You are not a member of any groups.')).toBeVisible();

  // Feedback: general feedback from the account menu, found at /feedback with its status.
  await accountMenu(memberPage, 'Feedback and error reports');
  await expect(memberPage).toHaveURL(/\/feedback$/);
  await memberPage.getByTestId('feedback-create').click();
  await memberPage.getByTestId('feedback-submit').click();
  await expect(memberPage.getByText('Required').first()).toBeVisible();
  const title = `The map could show gauges ${stamp}`;
  await memberPage.getByTestId('feedback-title').fill(title);
  await memberPage.getByTestId('feedback-comments').fill('It would help calibration to see the gauge sites on the project map.');
  await memberPage.getByTestId('feedback-submit').click();
  await expect(memberPage).toHaveURL(/\/feedback$/);
  await expect(memberPage.getByText('Thank you. Your feedback has been submitted.')).toBeVisible();
  await memberPage.getByRole('link', { name: title }).click();
  await expect(memberPage.getByTestId('feedback-view-status')).toHaveText('Submitted');
  await expect(memberPage.getByTestId('feedback-view-project')).toHaveText('General feedback');
  await expect(memberPage.getByTestId('feedback-view-reply')).toHaveText('No reply from an administrator yet.');

  await memberContext.close();
  await until('the project to be deleted', async () => (await api(baseURL!, ownerToken, `projects/${projectId}`, { method: 'DELETE' })).status === 200, 30_000);
});
