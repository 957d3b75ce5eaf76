// The shared jsdom setup (src/test-setup.ts), as plugins and editors use it.
import '../src/test-setup.ts';
