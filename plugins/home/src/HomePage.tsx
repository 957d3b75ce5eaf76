// Spec 1 'Home /': introduction and how-it-works text, work lists and footer from the site
// text, then a link to the projects dashboard or the log-in / register prompts.
import { Button, Divider, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorList, HtmlText, Link, PageLayout, ROUTES, useApiQuery, useLinks, useSession } from '@headwater/plugin-sdk';


type WebsiteText = {
  siteText: { siteLongName: string; siteNameDescription: string; homePageIntro: string; homePageText: string; homePageWorkLists: string; footer: string };
};

export function HomePage() {
  const session = useSession();
  const site = useApiQuery<WebsiteText>('datasets/websitetext');
  const link = useLinks();
  const projects = link(ROUTES.ProjectList);
  const register = link(ROUTES.AccountRegister);
  const text = site.data?.siteText;

  return (
    <PageLayout documentTitle="Home">
      <ErrorList error={site.error} />
      {!text ? (
        <Skeleton h={240} />
      ) : (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} data-testid="site-long-name">
              {text.siteLongName}
            </Title>
            <Text c="dimmed" size="lg">
              {text.siteNameDescription}
            </Text>
          </Stack>
          <HtmlText html={text.homePageIntro} testId="home-intro" />
          <Paper withBorder p="md" data-testid="home-prompt">
            {session.isRegistered ? (
              <Group justify="space-between">
                <Text>Welcome back, {session.user?.firstName || session.user?.userName}.</Text>
                {projects && (
                  <Button component={Link} to={projects}>
                    Go to your projects
                  </Button>
                )}
              </Group>
            ) : session.user ? (
              <Text>Signed in as {session.user.userName}.</Text>
            ) : (
              <Group justify="space-between">
                <Text>Log in to build watershed projects and run scenarios.</Text>
                <Group>
                  {register && (
                    <Button variant="default" component={Link} to={register}>
                      Register
                    </Button>
                  )}
                  <Button onClick={() => session.requestLogin()} data-testid="home-login">
                    Log in
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <HtmlText html={text.homePageText} testId="home-text" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder p="md">
                <HtmlText html={text.homePageWorkLists} testId="home-worklists" />
              </Paper>
            </Grid.Col>
          </Grid>
          <Divider />
          <HtmlText html={text.footer} testId="home-footer" />
        </Stack>
      )}
    </PageLayout>
  );
}
