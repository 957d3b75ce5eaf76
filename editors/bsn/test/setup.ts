// Mantine under jsdom (the page test): the SDK's shared test setup.
import '@headwater/plugin-sdk/test-setup.ts';
