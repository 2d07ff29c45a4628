import type { Db } from '@pac/db';
import {
  changeCaption,
  changeNotification,
  changePostText,
  postToFacebook,
  postToInstagram,
  postWebhook,
} from '@pac/notify';
import type { ApiConfig } from '../context';
import { adminRecipient, MailNotConfiguredError, sendMail } from './mail';
import type { Deliver } from './notifications';
import { graphConfig, instagramImageUrl } from './social';

/** How each channel sends one change. Throwing means 'try again later' (or failed, after the last attempt). */
export function channelDelivery(db: Db, config: ApiConfig): Deliver {
  return async (channel, change, monitor) => {
    const post = {
      schoolName: config.schoolName,
      monitorName: monitor.name,
      summary: change.summary,
      url: monitor.url,
      detectedAt: change.detectedAt,
      timeZone: config.timeZone,
    };
    switch (channel) {
      case 'internal':
        // The internal feed is the notification history itself: recording it is the delivery.
        return;
      case 'email': {
        const to = adminRecipient(db, config);
        if (!to) throw new MailNotConfiguredError();
        await sendMail(db, config, {
          to,
          ...changeNotification({ ...post, severity: change.severity, diffExcerpt: change.diffContent }),
        });
        return;
      }
      case 'webhook': {
        if (!config.monitor.webhookUrl) throw new Error('No webhook URL is configured');
        await postWebhook(config.monitor.webhookUrl, {
          event: 'website.change',
          change: { ...change, monitor: { id: monitor.id, name: monitor.name, url: monitor.url } },
        });
        return;
      }
      case 'facebook':
        await postToFacebook(graphConfig(config), { message: changePostText(post), link: monitor.url });
        return;
      case 'instagram':
        await postToInstagram(graphConfig(config), { imageUrl: instagramImageUrl(config), caption: changeCaption(post) });
        return;
    }
  };
}
