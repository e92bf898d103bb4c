import { bundleApi } from './bundle.ts';

// `npm run build`; `npm start`, `npm run worker` and `npm run admin` run it first.
await bundleApi();
