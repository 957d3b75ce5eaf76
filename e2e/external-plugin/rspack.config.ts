// The SDK's build factory — the same one the Headwater workspace builds with. The remote's
// publicPath is 'auto': dist/ works from whatever origin and folder it is deployed to.
import { createConfig } from '@headwater/plugin-sdk/rspack';

export default createConfig({ dir: import.meta.dirname, kind: 'remote' });
