import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Footer } from '../Footer';
import { Header } from '../Header';

interface PageLayoutProps {
  /** The page's name in the browser tab, before ' · {school}'; null for the home page ('{school} · Volunteer Signups'). */
  title: string | null;
  children: ReactNode;
  /** Content that spans the full width above the container (the home page's hero). */
  banner?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** Header, main content and footer, the frame of every page. */
export function PageLayout({ title, children, banner, size = 'lg' }: PageLayoutProps) {
  useDocumentTitle(title);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Box component="main" style={{ flex: 1 }}>
        {banner}
        <Container size={size} py="xl">
          {children}
        </Container>
      </Box>
      <Footer />
    </Box>
  );
}
