// The feedback pages (spec 1 /feedback, create, :reportID; §9: 50 a page by date, newest first)
// over a stubbed API.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@headwater/plugin-sdk';
import { renderPages, reply, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';
import { FEEDBACK_MESSAGES } from '../src/FeedbackPages.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const ROWS = {
  items: [
    { id: 5, title: 'Map is slow', project: '', projectID: null, scenario: '', scenarioID: null, status: 'Resolved', hasReply: true, dateSubmitted: '2026-11-22T10:00:00Z' },
    { id: 3, title: 'Run fails', project: 'LREW', projectID: 7, scenario: 'Baseline', scenarioID: 2, status: 'Submitted', hasReply: false, dateSubmitted: '2026-11-21T10:00:00Z' },
  ],
  total: 2,
};
const where = () => screen.getByTestId('location').textContent;

describe('/feedback', () => {
  it("lists the user's reports and feedback, 50 a page, newest first", async () => {
    const calls = serve({ errorreports: ROWS });
    renderPages('/feedback', plugin);
    expect((await screen.findByTestId('feedback-link-5')).getAttribute('href')).toBe('/feedback/5');
    expect(calls.some((c) => c.url === 'errorreports?sort=dateSubmitted_desc&page=1&perPage=50')).toBe(true);
    expect(screen.getByText('General feedback')).toBeTruthy();
    expect(screen.getByText('LREW').getAttribute('href')).toBe('/projects/7');
    expect(screen.getByText('Export CSV').getAttribute('href')).toMatch(/^\/api\/errorreports\?format=csv&/);
  });

  it('says when there is nothing yet', async () => {
    serve({ errorreports: { items: [], total: 0 } });
    renderPages('/feedback', plugin);
    expect(await screen.findByText("You don't have any feedback or error reports yet.")).toBeTruthy();
  });
});

describe('/feedback/create', () => {
  it('requires a title and comments, sends general feedback (no project) and shows it submitted', async () => {
    const calls = serve({ 'POST errorreports': { id: 9 }, errorreports: ROWS });
    renderPages('/feedback/create', plugin);
    fireEvent.click(await screen.findByTestId('feedback-submit'));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('feedback-title'), { target: { value: ' Idea ' } });
    fireEvent.change(screen.getByTestId('feedback-comments'), { target: { value: 'Show the runtime estimate on the list.' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(where()).toBe('/feedback'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ projectID: null, scenarioID: null, title: 'Idea', message: '', exception: '', userComments: 'Show the runtime estimate on the list.', clearError: false });
    expect(await screen.findByText(FEEDBACK_MESSAGES.submitted)).toBeTruthy();
  });

  it("shows the server's field messages", async () => {
    serve({ 'POST errorreports': reply(400, { errors: { title: ['Must be fewer than 200 characters'] } }) });
    renderPages('/feedback/create', plugin);
    fireEvent.change(await screen.findByTestId('feedback-title'), { target: { value: 'x' } });
    fireEvent.change(screen.getByTestId('feedback-comments'), { target: { value: 'y' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findAllByText('Must be fewer than 200 characters')).not.toHaveLength(0);
    expect(where()).toBe('/feedback/create');
  });
});

describe('/feedback/:reportID', () => {
  it("shows the report, its status and the administrator's reply", async () => {
    serve({
      'errorreports/3': { id: 3, title: 'Run fails', projectID: 7, project: 'LREW', scenarioID: 2, scenario: 'Baseline', message: 'An error occurred while running your scenario.', exception: 'boom', userComments: 'It stops.', status: 'Resolved', dateSubmitted: '2026-11-21T10:00:00Z', developerComments: 'Fixed in the weather data.', resolvedBy: 'admin', resolvedDate: '2026-11-23T10:00:00Z' },
    });
    renderPages('/feedback/3', plugin);
    expect((await screen.findByTestId('feedback-view-status')).textContent).toBe('Resolved');
    expect(screen.getByTestId('feedback-view-reply').textContent).toBe('Fixed in the weather data.');
    expect(screen.getByTestId('feedback-view-resolved').textContent).toContain('by admin');
    expect(screen.getByText('Baseline').getAttribute('href')).toBe('/projects/7/scenarios/2');
    expect(screen.getByTestId('feedback-view-exception').textContent).toBe('boom');
  });

  it('says when no administrator replied yet, and 404 for a report that is not theirs', async () => {
    serve({ 'errorreports/5': { id: 5, title: 'Map is slow', projectID: null, project: null, scenarioID: null, scenario: null, message: '', exception: '', userComments: 'Slow.', status: 'Submitted', dateSubmitted: '2026-11-22T10:00:00Z', developerComments: '', resolvedBy: null, resolvedDate: null }, 'errorreports/6': reply(404, MESSAGES.notFound) });
    const r = renderPages('/feedback/5', plugin);
    expect((await screen.findByTestId('feedback-view-reply')).textContent).toBe(FEEDBACK_MESSAGES.noReply);
    expect(screen.getByTestId('feedback-view-project').textContent).toBe('General feedback');
    r.unmount();
    renderPages('/feedback/6', plugin);
    expect(await screen.findByText(MESSAGES.notFound)).toBeTruthy();
  });
});
