import { useEffect } from 'react';
import { env } from '@/config/env';
import { partner } from '@/config/partner';

const SCRIPT_ID = 'support-chat-script';

/**
 * Spec §1: the support chat widget loads only when no partner customisation is active. Its script is
 * configured by VITE_SUPPORT_CHAT_URL; unset, nothing loads. It is added once, after the app has shown.
 */
export const SupportChat = () => {
  useEffect(() => {
    const url = env.supportChatUrl;
    if (partner.customised || url === null || document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    document.body.appendChild(script);
  }, []);
  return null;
};
