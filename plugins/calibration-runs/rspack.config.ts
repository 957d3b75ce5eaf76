import { createConfig } from '../../rspack.config.ts';

export default createConfig({ dir: import.meta.dirname, kind: 'remote' });
