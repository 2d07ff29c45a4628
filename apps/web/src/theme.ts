import { createTheme, Modal, Tooltip } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Modal: Modal.extend({
      defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Close dialog' } },
    }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 700 } }),
  },
});
