import './styles/mantine-first.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { hydratePageData } from './lib/pageData';
import { Providers } from './Providers';
import { createQueryClient, createTrpcClient } from './trpc';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
hydratePageData(queryClient);
const trpcClient = createTrpcClient();

// The same tree as the server's (entry-server.tsx), but for the browser's history.
const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={queryClient} trpcClient={trpcClient}>
        <App />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

// The server rendered the home and sheet pages from the same data (apps/server/src/http/page.ts):
// React takes over that HTML instead of building it again. Other pages arrive with an empty root.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
