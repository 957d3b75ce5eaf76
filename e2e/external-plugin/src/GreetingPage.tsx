// One page on the SDK: the signed-in user from the host's session, the site's name through
// the API client (the host's react-query cache and token), and a link to a workspace page by
// its route name (drawn only while the plugin that declares it is enabled).
import { Text } from '@mantine/core';
import { PageLayout, ROUTES, RouteLink, useApiQuery, useSession } from '@headwater/plugin-sdk';

type WebsiteText = { siteText: { siteName: string } };

export function GreetingPage() {
  const { user } = useSession();
  const site = useApiQuery<WebsiteText>('datasets/websitetext');
  return (
    <PageLayout title="Greeting">
      <Text data-testid="greeting-user">Hello, {user?.userName}!</Text>
      {site.data && <Text data-testid="greeting-site">Welcome to {site.data.siteText.siteName}.</Text>}
      <RouteLink to={ROUTES.ProjectList} data-testid="greeting-projects">
        Your projects
      </RouteLink>
    </PageLayout>
  );
}
