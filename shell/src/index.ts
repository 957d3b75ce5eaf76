// Federation hosts start asynchronously so shared singletons are negotiated before React loads.
import('./bootstrap.tsx');
