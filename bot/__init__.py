"""Araldo's Discord side: client, settings, storage, game service, scheduler, notifier, i18n."""
