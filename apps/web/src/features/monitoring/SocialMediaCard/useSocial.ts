import { useLingui } from '@lingui/react';
import { serverMessage } from '../../../lib/errors';
import { notifyFailureText, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { pollMs, testPostFailureToast, testPostToast, type ToastContent } from '../monitoring';

function showToast(toast: ToastContent): void {
  if (toast.destructive) notifyFailureText(toast.title, toast.message);
  else notifySuccess(toast.title, toast.message);
}

/** Whether each platform is connected (social.status's answer). */
export interface SocialStatus {
  facebook: boolean;
  instagram: boolean;
}

/** Whether Facebook and Instagram are connected, refreshed every 60 s (SPEC.md section 9). */
export function useSocialStatus() {
  return trpc.social.status.useQuery(undefined, { refetchInterval: pollMs.social });
}

/** 'Send Test Posts to Social Media', with SPEC.md section 8's toasts for each outcome. */
export function useSendTestPosts(): { send: () => void; pending: boolean } {
  const { i18n } = useLingui();
  const mutation = trpc.social.testPost.useMutation({
    onSuccess: (answer) => showToast(testPostToast(i18n, answer.results)),
    onError: (error) => showToast(testPostFailureToast(i18n, serverMessage(error) ?? (error.message || null))),
  });
  return { send: () => mutation.mutate(), pending: mutation.isPending };
}
