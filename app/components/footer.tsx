import type { ComponentProps } from "react";
import { Link } from "~/components/link";
import { Logo } from "~/components/header";

const linkGroups = [
  {
    title: "Platforms",
    links: [
      { to: "/packages?platform=instagram", label: "Instagram" },
      { to: "/packages?platform=tiktok", label: "TikTok" },
      { to: "/packages?platform=youtube", label: "YouTube" },
      { to: "/packages?platform=twitter", label: "Twitter" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/how-it-works", label: "How It Works" },
      { to: "/packages", label: "Pricing" },
      { to: "/api-docs", label: "Reseller API" },
    ],
  },
  {
    title: "Support",
    links: [{ to: "/support", label: "Contact & Support" }],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/cookies", label: "Cookie Policy" },
    ],
  },
] as const;

/* Simple brand marks. SPEC §2: the footer's social icons have no target, so they are decoration. */
function SocialIcon({ children, ...props }: ComponentProps<"svg">) {
  return (
    <span className="flex size-9 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
        {children}
      </svg>
    </span>
  );
}

function SocialIcons() {
  return (
    <div className="flex gap-2" aria-hidden="true" data-testid="social-icons">
      <SocialIcon>
        <path d="M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1Z" />
      </SocialIcon>
      <SocialIcon>
        <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
      </SocialIcon>
      <SocialIcon fill="none" stroke="currentColor" strokeWidth={2}>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
      </SocialIcon>
    </div>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <Logo className="w-fit" />
          <p className="max-w-xs text-sm text-muted-foreground">
            Real people, real engagement. Grow your Instagram, TikTok, YouTube, X and Facebook accounts, paid in cedis by card or mobile money.
          </p>
          <SocialIcons />
        </div>
        {linkGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="footer-link"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-6 text-center text-sm text-muted-foreground">
          <p className="font-medium text-foreground">Social Media Boost: a platform for authentic social media growth and earning opportunities.</p>
          <p>
            &copy; <span suppressHydrationWarning>{year}</span> Social Media Boost. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
