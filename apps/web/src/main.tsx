import './styles/mantine-first.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={queryClient} trpcClient={trpcClient}>
        <App />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
